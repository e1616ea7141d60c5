/** The demo users the README lists, with where shell §6's landing rules send each after sign-in. */
export const PASSWORD = 'Demo-Pass1';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface DemoUser {
  email: string;
  landing: string;
  /** Main-menu entries this user must see (menu.* keys). */
  menu: string[];
}

export const SIGNED_IN_USERS: DemoUser[] = [
  {
    email: 'admin@demo.test',
    landing: '/app/dashboard',
    menu: ['menu.dashboard', 'menu.portfolio', 'menu.administration'],
  },
  {
    email: 'bank@demo.test',
    landing: '/app/dashboard',
    menu: ['menu.dashboard', 'menu.portfolio', 'menu.saqManagement', 'menu.reports'],
  },
  { email: 'merchant@demo.test', landing: '/app/pci-dss-requests', menu: ['menu.saq', 'menu.pciDssRequests'] },
  {
    email: 'owner@demo.test',
    landing: '/app/vendor-assessment',
    menu: ['menu.dashboard', 'menu.vendorAssessment', 'menu.remediation', 'thirdParties.menu'],
  },
  {
    email: 'assessor@demo.test',
    landing: '/app/dashboard',
    menu: ['menu.dashboard', 'menu.reviewRequests', 'thirdParties.menu'],
  },
  { email: 'assessee@demo.test', landing: '/app/dashboard', menu: ['menu.dashboard', 'menu.assessmentRequests'] },
  { email: 'tm@demo.test', landing: '/app/dashboard', menu: ['menu.dashboard', 'menu.transactionMonitoring'] },
  { email: 'onboarding@demo.test', landing: '/app/instant-security-view', menu: ['menu.onboarding'] },
  { email: 'pcichecklist@demo.test', landing: '/app/onboarding', menu: ['menu.onboarding'] },
  {
    email: 'pos@demo.test',
    landing: '/app/instant-security-view',
    menu: ['menu.onboarding', 'menu.onboardingPro', 'menu.physicalPos'],
  },
  { email: 'posbank@demo.test', landing: '/app/dashboard', menu: ['menu.dashboard', 'menu.physicalPos'] },
];
