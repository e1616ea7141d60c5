import type { Text } from '../../core/documents/document.types';
import { asLanguage, type Language } from '../http/i18n';
import { noticeMail } from '../mail/templates';
import { createNotification } from '../services/notifications';
import type { UserRecord } from '../store/records.types';
import type { EffectInput } from '../services/workflow-effect.types';

/**
 * Effect `notifyCreator`: tells the record's creator that the record moved — a mail in their
 * language, and a notification (bell, in real time) in both languages, so it reads right whichever
 * language they use the app in.
 */
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
  const textsIn = (language: Language) => {
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
    return (key: string) => ctx.translator.t(language, `resources.mail.stateChanged.${key}`, values);
  };
  const language = asLanguage(creator.site_language);
  const t = textsIn(language);
  const paragraphs = [t('greeting'), t('body'), ...(comment ? [`${t('comment')} ${comment}`] : [])];
  await ctx.mailer.send(
    noticeMail(creator.email, t('subject'), [...paragraphs, ctx.translator.t(language, 'mail.signature')]),
  );
  const [en, tr] = [textsIn('en'), textsIn('tr')];
  await createNotification(ctx, {
    receiverId: creator.id,
    groups: [{ groupValue: 'announcement', groupKey: 'stateChanged' }],
    payload: {
      title: en('subject'),
      description: en('body'),
      tr: { title: tr('subject'), description: tr('body') },
    },
  });
}
