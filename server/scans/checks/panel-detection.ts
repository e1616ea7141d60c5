/**
 * panel_detection: administration panels reachable from the internet. A database admin panel
 * (phpMyAdmin, Adminer, phpPgAdmin) fails: it is a database exposed through the web; any other
 * admin login is not recommended (PCI DSS 1.3/1.4: restrict inbound access to what is needed).
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import { fetchPage, mainScheme } from '../http-fetch';
import type { Check } from '../scan.types';

interface Panel {
  name: string;
  paths: string[];
  signature: RegExp;
  database: boolean;
}

const PANELS: Panel[] = [
  { name: 'phpMyAdmin', paths: ['/phpmyadmin/', '/phpMyAdmin/', '/pma/'], signature: /phpMyAdmin/i, database: true },
  { name: 'Adminer', paths: ['/adminer.php', '/adminer/'], signature: /\bAdminer\b/, database: true },
  { name: 'phpPgAdmin', paths: ['/phppgadmin/'], signature: /phpPgAdmin/i, database: true },
  { name: 'WordPress', paths: ['/wp-login.php'], signature: /wp-submit|WordPress/i, database: false },
  { name: 'Tomcat Manager', paths: ['/manager/html'], signature: /Tomcat Manager/i, database: false },
  { name: 'cPanel', paths: ['/cpanel'], signature: /cPanel/i, database: false },
  { name: 'admin login', paths: ['/admin/', '/administrator/'], signature: /type=["']?password/i, database: false },
];

export const panelDetection: Check = async (target, options) => {
  const scheme = mainScheme(target);
  if (!scheme)
    return { check: 'panel_detection', status: 'not_measurable', findings: [], data: { reason: 'no_web_ports' } };
  const found: { panel: string; url: string; database: boolean }[] = [];
  for (const panel of PANELS) {
    for (const path of panel.paths) {
      const page = await fetchPage(target, { scheme, path }, options);
      const realm = String(page.headers['www-authenticate'] ?? '');
      if (
        (page.status === 200 || page.status === 401) &&
        (panel.signature.test(page.body) || panel.signature.test(realm))
      ) {
        found.push({ panel: panel.name, url: page.url, database: panel.database });
        break;
      }
    }
  }
  const findings = found.map((panel) =>
    panel.database
      ? finding('database_panel_exposed', 'high', `${panel.panel} at ${panel.url}`, { cvss: 7.5 })
      : finding('admin_panel_exposed', 'low', `${panel.panel} at ${panel.url}`),
  );
  return { check: 'panel_detection', status: statusOf(findings), findings, data: { panels: found } };
};
