/**
 * Shell §2.4's permission-guarded routes, as paths a browser opens, filled with demo ids (fixtures/):
 * Bosphorus Travel's merchant, its latest scan and a card-present application. A route whose record
 * does not exist still draws its screen kind, so the other ids need not name a record.
 */
export const DEMO_MERCHANT = 'demo-merchant-bosphorus';
export const DEMO_SCAN = '0d6f8a52-5c1e-4b7e-9a51-6f1d2c3b4a02';

const DOMAIN_PAGES = [
  'dashboard',
  'dns_brute',
  'http_response',
  'directory',
  'waf_detection',
  'tcp_timestamp',
  'ipmi_check',
  'port_scan',
  'rdp_enumeration',
  'ssh_enumeration',
  'domain_info',
  'reverse_dns_check',
  'https_redirection',
  'open_relay_check',
  'outdated_services',
  'ssl_ciphers',
  'ssl_certificate',
  'ssl_vulnerabilities',
  'mixed_content',
  'csrf',
  'xss',
  'panel_detection',
];
const PORTFOLIO_PAGES = [
  'overview',
  'action-items',
  'cross-pattern-matching',
  'transaction-laundering',
  'pos-eligibility',
  'compliance',
  'reports',
  'cyber-risks',
  'pci-dss',
  'settings',
  'issues',
];
const ASSET_PAGES = [
  'overview',
  'site_health',
  'ssl_health',
  'attack_surface',
  'network_tools',
  'remote_access_security',
  'web_application_security',
];

export const SHELL_GUARDED_PATHS = [
  '/app/dashboard',
  `/app/domain/${DEMO_SCAN}`,
  ...DOMAIN_PAGES.map((page) => `/app/domain/${DEMO_SCAN}/${page}`),
  '/app/portfolio',
  ...PORTFOLIO_PAGES.map((page) => `/app/portfolio/${DEMO_MERCHANT}/${page}`),
  ...ASSET_PAGES.map((page) => `/app/portfolio/${DEMO_MERCHANT}/assets/${DEMO_SCAN}/${page}`),
  '/app/portfolio-settings',
  '/app/onboarding-pro',
  '/app/onboarding-pro/demo1',
  '/app/onboarding',
  '/app/instant-security-view',
  '/app/reports',
  '/app/settings',
  '/app/issues',
  '/app/portfolio-management',
  '/app/portfolio-management/demo1',
  '/app/portfolio-management/demo1/overview',
  '/app/onboarding-stats',
  '/app/physical-pos',
  '/app/physical-pos/demo-pos-galata',
  ...['', '/dashboard', '/rules', '/lists', '/transactions', '/alerts', '/transactions/demo1'].map(
    (page) => `/app/transaction-monitoring${page}`,
  ),
  '/app/pricing',
  '/app/pricing/ecommerce-checklist',
];
