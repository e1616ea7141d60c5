import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway and config service run on one Express port; dev mode proxies to it.
const backend = 'http://localhost:4100';

export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      '/iam': backend,
      '/wbe': backend,
      '/trn': backend,
      '/config': backend,
      '/tooltip': backend,
      '/ntgw': backend,
      // the real-time socket (Pusher protocol at /app/:key, server/realtime); page loads of /app/… stay with Vite
      '^/app/[^/]+$': { target: backend, ws: true, bypass: (req) => (req.headers.upgrade ? undefined : req.url) },
    },
  },
});
