/**
 * port_scan: TCP connect to each service port. A reachable database fails (PCI DSS 1.3.1/1.4.1:
 * no direct access from the internet to systems storing data; an ASV automatic failure); telnet,
 * FTP and RDP open to everyone are not recommended; the rest is recorded.
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { SERVICE_PORTS, type Check, type ServiceName } from '../scan.types';
import { portOpen } from '../sockets';

const DATABASES = new Set<ServiceName>([
  'mysql',
  'postgresql',
  'mssql',
  'oracle',
  'mongodb',
  'redis',
  'elasticsearch',
  'memcached',
]);
const RISKY = new Set<ServiceName>(['telnet', 'ftp', 'rdp']);

export const portScan: Check = async (target, options) => {
  const services = (target.ports.services ?? SERVICE_PORTS) as Partial<Record<ServiceName, number>>;
  const open: { service: ServiceName; port: number }[] = [];
  const tcp = (Object.entries(services) as [ServiceName, number][]).filter(([service]) => service !== 'ipmi');
  await Promise.all(
    tcp.map(async ([service, port]) => {
      if (await portOpen(target, port, options)) open.push({ service, port });
    }),
  );
  open.sort((a, b) => a.port - b.port);
  const findings: Finding[] = [];
  for (const { service, port } of open) {
    if (DATABASES.has(service))
      findings.push(
        finding('database_port_open', 'high', `${service} accepts connections on ${port}`, {
          cvss: 7.5,
          asv: 'database_reachable',
        }),
      );
    else if (RISKY.has(service)) findings.push(finding('risky_service_open', 'medium', `${service} on ${port}`));
  }
  return {
    check: 'port_scan',
    status: statusOf(findings),
    findings,
    data: { scanned: tcp.length, open },
  };
};
