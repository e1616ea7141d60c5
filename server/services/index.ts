import type { AppContext } from '../context';
import { AdminService } from './admin.service';
import { AuthService } from './auth.service';
import { DashboardService } from './dashboard.service';
import { ErrorReportService } from './error-report.service';
import { OrganizationService } from './organization.service';
import { ProfileService } from './profile.service';
import { SiteService } from './site.service';

/** One instance of every service per app, sharing the app's context. */
export function createServices(ctx: AppContext) {
  return {
    auth: new AuthService(ctx),
    profile: new ProfileService(ctx),
    admin: new AdminService(ctx),
    organizations: new OrganizationService(ctx),
    errorReports: new ErrorReportService(ctx),
    sites: new SiteService(ctx),
    dashboard: new DashboardService(ctx),
  };
}

export type Services = ReturnType<typeof createServices>;
