/** Every check by name: the registry a scan picks from. */
import type { CheckRegistry } from '../scan.types';
import { csrf } from './csrf';
import { directory } from './directory';
import { dnsBrute } from './dns-brute';
import { domainInfo } from './domain-info';
import { httpResponse } from './http-response';
import { httpsRedirection } from './https-redirection';
import { ipmiCheck } from './ipmi-check';
import { mixedContent } from './mixed-content';
import { openRelay } from './open-relay';
import { outdatedServices } from './outdated-services';
import { panelDetection } from './panel-detection';
import { portScan } from './port-scan';
import { rdpEnumeration } from './rdp-enumeration';
import { reverseDns } from './reverse-dns';
import { securityHeaders } from './security-headers';
import { sqlInjection } from './sql-injection';
import { sshEnumeration } from './ssh-enumeration';
import { sslCertificate } from './ssl-certificate';
import { sslCiphers } from './ssl-ciphers';
import { sslVulnerabilities } from './ssl-vulnerabilities';
import { tcpTimestamp } from './tcp-timestamp';
import { wafDetection } from './waf-detection';
import { xss } from './xss';

export const CHECKS: Required<CheckRegistry> = {
  http_response: httpResponse,
  https_redirection: httpsRedirection,
  security_headers: securityHeaders,
  mixed_content: mixedContent,
  xss,
  sql_injection: sqlInjection,
  csrf,
  directory,
  panel_detection: panelDetection,
  waf_detection: wafDetection,
  ssl_certificate: sslCertificate,
  ssl_ciphers: sslCiphers,
  ssl_vulnerabilities: sslVulnerabilities,
  port_scan: portScan,
  open_relay_check: openRelay,
  ssh_enumeration: sshEnumeration,
  rdp_enumeration: rdpEnumeration,
  ipmi_check: ipmiCheck,
  outdated_services: outdatedServices,
  dns_brute: dnsBrute,
  domain_info: domainInfo,
  reverse_dns_check: reverseDns,
  tcp_timestamp: tcpTimestamp,
};
