import { useTranslation } from 'react-i18next';
import { resolveText } from '../../i18n/text';
import { useProblems } from './storeHooks';

/** The problems of one item (its own check, what its response needs, document rules at it). */
export function Problems({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const problems = useProblems(id);
  if (problems.length === 0) return null;
  return (
    <ul className="questionnaire__problems" role="alert">
      {problems.map((p) => {
        const text = resolveText(p.message, t, i18n.language);
        return <li key={text}>{text}</li>;
      })}
    </ul>
  );
}
