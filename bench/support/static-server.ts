/** Baseline for bench/config-service.ts: express.static serving a directory of JSON files. */
import express from 'express';

const [dir, port] = [process.argv[2], Number(process.argv[3])];
const app = express();
app.use(express.static(dir, { etag: true }));
app.listen(port, '127.0.0.1', () => console.log(`static on ${port}`));
