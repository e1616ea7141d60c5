import { createHash } from 'node:crypto';
import { expiryOf } from '../../core/saq/saq-compliance';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { asLanguage } from '../http/i18n';
import type { Job } from '../jobs/jobs.types';
import type { SaqAttestationRecord, SaqRecord, UserRecord } from '../store/records.types';
import type { QuestionnaireRecords } from './questionnaire-record/lifecycle';
import { renderAttestation } from './saq-attestation';
import type { SaqCaller, SaqFlow } from './saq-flow';
import { announceSaq } from './saq-notices';
import { merchantOf, organizationName, type SaqView, saqView } from './saq-views';
import { SYSTEM_ACTOR } from './workflow.service';

/** The background job that renders a signed SAQ's attestation (server/app-jobs.ts). */
export const SIGN_SAQ_JOB = 'saq.sign';

/** Who signs, as the sign form sends it. */
export interface SignInput {
  signerName: string;
  signerTitle: string;
}

/** A file to download. */
export interface Attestation {
  fileName: string;
  bytes: Buffer;
}

/**
 * What only an SAQ has: the merchant signs a completed SAQ and a background job renders the
 * attestation PDF (docs/domain/saq.md); an answer changed afterwards drops it (saq-policy.ts).
 */
export class SaqSigning {
  constructor(
    private readonly ctx: AppContext,
    private readonly saqs: QuestionnaireRecords<SaqRecord, SaqCaller>,
    private readonly flow: SaqFlow,
  ) {}

  private get attestations() {
    return this.ctx.store.collection<SaqAttestationRecord>('saqAttestations');
  }

  /**
   * Signs a completed SAQ: it waits for its attestation (`pending`) while a background job renders
   * the PDF (SIGN_SAQ_JOB); 409 `saqNotCompleted` in any other status.
   */
  sign(caller: SaqCaller, id: string, input: SignInput): Promise<SaqView> {
    const userId = caller.user.id;
    return this.saqs.locked(userId, id, async () => {
      const record = await this.saqs.find(userId, id);
      const move = this.flow.judge(record, 'sign', caller);
      const pending: SaqRecord = {
        ...record,
        status: move.to,
        signer: { name: input.signerName, title: input.signerTitle },
        updatedAt: this.ctx.clock().toISOString(),
      };
      await this.saqs.recordMove(record, move, userId);
      await this.saqs.records.replace(record.id, pending);
      await this.ctx.jobs.send(SIGN_SAQ_JOB, { id: record.id });
      return saqView(this.flow, pending, caller);
    });
  }

  /**
   * The job: renders the attestation of a pending SAQ, keeps it, and marks the SAQ signed (the
   * workflow's system move `attest`). An SAQ edited (or replaced) meanwhile is no longer where
   * `attest` leaves from: nothing is signed then.
   */
  async renderSigned(job: Job<{ id: string }>): Promise<void> {
    const found = await this.saqs.records.get(job.data.id);
    if (!found || !this.flow.system(found, 'attest')) return;
    await this.saqs.locked(found.userId, found.id, async () => {
      const record = await this.saqs.records.get(job.data.id);
      const attest = record && this.flow.system(record, 'attest');
      if (!record || !attest) return;
      const owner = await this.ctx.store.collection<UserRecord>('users').get(record.userId);
      const signedAt = this.ctx.clock();
      let pdf: Buffer;
      try {
        pdf = await renderAttestation(this.ctx.translator, {
          saq: record,
          body: (await this.saqs.pinned(record)).body,
          merchantName: await organizationName(this.ctx, record.organizationId),
          signedAt,
          language: asLanguage(owner?.report_language ?? owner?.site_language),
        });
      } catch (error) {
        if (job.retryCount < job.retryLimit) throw error;
        // after the last try the signature is given back: the user may sign again
        this.ctx.log.error(`SAQ ${record.id} attestation could not be rendered`, error);
        const failed = this.flow.system(record, 'attestationFailed');
        if (!failed) return;
        const unsigned: SaqRecord = { ...record, status: failed.to, signer: null, updatedAt: signedAt.toISOString() };
        await this.saqs.recordMove(record, failed, SYSTEM_ACTOR);
        await this.saqs.records.replace(record.id, unsigned);
        await announceSaq(this.ctx, unsigned);
        return;
      }
      const attestation = {
        fileName: `SAQ-${record.saqType}-${signedAt.toISOString().slice(0, 10)}.pdf`,
        size: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
      };
      const file: SaqAttestationRecord = {
        id: record.id,
        saqId: record.id,
        ...attestation,
        pdfBase64: pdf.toString('base64'),
      };
      if (await this.attestations.get(record.id)) await this.attestations.replace(record.id, file);
      else await this.attestations.insert(file);
      const signed: SaqRecord = {
        ...record,
        // who the report is about, as the banks it is shared with read it before any submission
        ...(await merchantOf(this.ctx, record)),
        status: attest.to,
        signedAt: signedAt.toISOString(),
        attestation,
        expiresAt: expiryOf(signedAt).toISOString(),
        updatedAt: signedAt.toISOString(),
      };
      await this.saqs.recordMove(record, attest, SYSTEM_ACTOR);
      await this.saqs.records.replace(record.id, signed);
      await announceSaq(this.ctx, signed);
    });
  }

  /** The caller's signed SAQ's attestation; 404 `attestationNotFound` before it is signed. */
  async attestation(userId: string, id: string): Promise<Attestation> {
    return this.attestationOf(await this.saqs.find(userId, id));
  }

  /** The attestation file of an SAQ record (the bank's download too). */
  async attestationOf(record: SaqRecord): Promise<Attestation> {
    const file = record.attestation ? await this.attestations.get(record.id) : undefined;
    if (!file || !record.attestation) throw new AppError(404, 'attestationNotFound');
    return { fileName: record.attestation.fileName, bytes: Buffer.from(file.pdfBase64, 'base64') };
  }
}
