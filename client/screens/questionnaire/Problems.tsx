import { useProblems, useText } from './storeHooks';

/** The problems of one item (its own check, what its response needs, document rules at it). */
export function Problems({ id }: { id: string }) {
  const { text: resolve } = useText();
  const problems = useProblems(id);
  if (problems.length === 0) return null;
  return (
    <ul className="questionnaire__problems" role="alert">
      {problems.map((p) => {
        const text = resolve(p.message);
        return <li key={text}>{text}</li>;
      })}
    </ul>
  );
}
