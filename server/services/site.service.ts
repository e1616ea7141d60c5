import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { heldBy } from '../auth/user-groups';
import { type SiteView, sitesOf } from '../auth/sites';

/** The SAQ site list (GET /wbe/api/sites, domain §6-7). */
export class SiteService {
  constructor(private readonly ctx: AppContext) {}

  /** The sites of the caller's organisations; empty without the saq permission. */
  async list(auth: AuthContext): Promise<SiteView[]> {
    return sitesOf(this.ctx, auth.user, await heldBy(this.ctx, auth));
  }
}
