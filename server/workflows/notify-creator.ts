import type { Text } from '../../core/documents/document.types';
import { asLanguage } from '../http/i18n';
import { noticeMail } from '../mail/templates';
import type { UserRecord } from '../store/records.types';
import type { EffectInput } from './effects';

/** Effect `notifyCreator`: mails the record's creator, in their language, that the record moved. */
export async function notifyCreator({
  ctx,
  resource,
  workflow,
  transition,
  record,
  from,
  actor,
  comment,
}: EffectInput): Promise<void> {
  const creator = await ctx.store.collection<UserRecord>('users').get(record.createdBy);
  if (!creator) return; // the account is gone: nobody to tell
  const language = asLanguage(creator.site_language);
  const text = (value: Text) => (typeof value === 'string' ? ctx.translator.t(language, value) : value[language]);
  const state = (id: string) => {
    const found = workflow.states.find((candidate) => candidate.id === id);
    return found ? text(found.title) : id;
  };
  const values = {
    name: creator.name,
    actor: actor.name,
    resource: text(resource.body.title),
    action: text(transition.title),
    from: state(from),
    to: state(transition.to),
    record: record.id,
  };
  const t = (key: string) => ctx.translator.t(language, `resources.mail.stateChanged.${key}`, values);
  const paragraphs = [t('greeting'), t('body'), ...(comment ? [`${t('comment')} ${comment}`] : [])];
  await ctx.mailer.send(
    noticeMail(creator.email, t('subject'), [...paragraphs, ctx.translator.t(language, 'mail.signature')]),
  );
}
