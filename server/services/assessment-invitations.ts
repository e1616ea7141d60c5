import type { AssessmentRecord, AssessmentRole } from '../../core/assessments/assessment.types';
import { shiftDays } from '../../core/dates/days';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { UserRecord } from '../store/records.types';
import type { AssessmentFlow } from './assessment-flow';
import type { AssessmentCaller } from './assessment-policy';
import type { QuestionnaireRecords } from './questionnaire-record/lifecycle';
import type { ResourcesService } from './resources.service';
import { findUserByEmail } from './users';
import type { WorkflowService } from './workflow.service';

const THIRD_PARTY = 'third-party';
const INVITATION = 'invitation';

/**
 * Who answers an assessment: the spec shows no answer to "not invited → invited → registered", so
 * inviting makes a member of the organisation with the third party's contact e-mail the assessee at
 * once (registered), and anyone else gets an `assessee` invitation (docs/gateway/inv.md).
 */
export class AssessmentInvitations {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
    private readonly workflows: WorkflowService,
    private readonly flow: AssessmentFlow,
    private readonly assessments: QuestionnaireRecords<AssessmentRecord, AssessmentCaller>,
  ) {}

  /** The owner's `invite` move on the record: 409 without a contact e-mail. */
  async invite(caller: AssessmentCaller, record: AssessmentRecord, roles: AssessmentRole[]): Promise<AssessmentRecord> {
    const move = this.flow.judge(record, 'invite', caller, roles);
    const thirdParty = await this.resources.records(THIRD_PARTY).get(record.thirdPartyId);
    const email = typeof thirdParty?.contactEmail === 'string' ? thirdParty.contactEmail : record.contactEmail;
    if (!email) throw new AppError(409, 'assessmentContactEmailMissing');
    await this.assessments.recordMove(record, move, caller.user.id);
    let invited: AssessmentRecord = { ...record, status: move.to, contactEmail: email };
    const user = await findUserByEmail(this.ctx, email);
    if (user?.organizationIds.includes(record.organizationId)) return this.registered(invited, user);
    if (!record.invitationId) invited = { ...invited, invitationId: await this.invitation(caller, email) };
    return invited;
  }

  /** An invited contact who has joined the organisation since is the assessee now (system move). */
  async settle(record: AssessmentRecord): Promise<AssessmentRecord> {
    if (!record.contactEmail || !this.flow.system(record, 'register')) return record;
    const user = await findUserByEmail(this.ctx, record.contactEmail);
    if (!user?.organizationIds.includes(record.organizationId)) return record;
    return this.assessments.locked(user.id, record.id, async () => {
      const current = await this.assessments.records.get(record.id);
      if (!current || !this.flow.system(current, 'register')) return current ?? record;
      const registered = await this.registered(current, user);
      await this.assessments.records.replace(current.id, registered);
      return registered;
    });
  }

  private async registered(record: AssessmentRecord, user: UserRecord): Promise<AssessmentRecord> {
    const register = this.flow.system(record, 'register');
    if (!register) return record;
    await this.assessments.recordMove(record, register, 'system');
    return { ...record, assesseeId: user.id, status: register.to };
  }

  /** An invitation with the role `assessee`, made and mailed as the server on the owner's behalf. */
  private async invitation(caller: AssessmentCaller, email: string): Promise<string> {
    const resource = this.resources.published(INVITATION);
    const workflow = this.resources.workflowOf(resource);
    const organizationId = caller.user.organizationId;
    if (!organizationId) throw new AppError(403, 'noPermission');
    const owner = { user: caller.record, owner: { userId: caller.user.id, organizationId } };
    const expiresAt = shiftDays(this.ctx.clock(), 180).toISOString();
    const fields = { email: email.toLowerCase(), role: 'assessee', position: 'other', expiresAt };
    const record = this.resources.newRecord(resource, owner as never, fields, workflow);
    await this.ctx.store.transaction(() => this.resources.insertNew(resource, owner as never, record, workflow));
    await this.workflows.runAsServer(INVITATION, record.id, 'send', caller.record).catch((error: unknown) => {
      // the invitation stands (its link can be shared) even when the mail could not go now
      this.ctx.log.error(`Assessment invitation ${record.id} not mailed`, error);
    });
    return record.id;
  }
}
