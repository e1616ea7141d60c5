import { LEVEL_WIZARD_ID, type LevelAnswers, pciLevel, recommendedSaqType } from '../../core/saq/saq-level';
import type { WizardBody } from '../../core/wizards/wizard.types';
import type { AppContext } from '../context';
import type { SaqLevelResultRecord } from '../store/records.types';

export type LevelResult = Omit<SaqLevelResultRecord, 'id' | 'userId'>;

/** The PCI DSS level wizard's result per user (collection `saqLevelResults`; the latest counts). */
export class SaqLevelService {
  constructor(private readonly ctx: AppContext) {}

  private get records() {
    return this.ctx.store.collection<SaqLevelResultRecord>('saqLevelResults');
  }

  /**
   * Level and SAQ type computed here from the answers (the type by the published level wizard's
   * `outcome.saqType`, so a new type needs no code), then stored in place of any earlier result.
   */
  async record(userId: string, answers: LevelAnswers): Promise<LevelResult> {
    const record: SaqLevelResultRecord = {
      id: userId,
      userId,
      level: pciLevel(answers),
      saqType: recommendedSaqType(this.ctx.documents.latestBody<WizardBody>('wizard', LEVEL_WIZARD_ID), answers),
      answers,
      createdAt: this.ctx.clock().toISOString(),
    };
    // get-then-insert under the record's lock: a double submit on two instances never inserts twice
    await this.ctx.store.withLock(`saqLevelResults.${userId}`, async () => {
      if (await this.records.get(userId)) await this.records.update(userId, record);
      else await this.records.insert(record);
    });
    return view(record);
  }

  async latest(userId: string): Promise<LevelResult | null> {
    const record = await this.records.get(userId);
    return record ? view(record) : null;
  }
}

function view({ id: _id, userId: _userId, ...result }: SaqLevelResultRecord): LevelResult {
  return result;
}
