import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** An object's properties in order; nested objects get a fieldset with their title as legend. */
export function ObjectFieldTemplate({ properties, title, description, fieldPathId }: ObjectFieldTemplateProps) {
  const isRoot = fieldPathId.$id === 'root';
  const content = properties.filter((property) => !property.hidden).map((property) => property.content);
  if (isRoot) return <div className="rjsf-object">{content}</div>;
  return (
    <fieldset className="rjsf-object rjsf-object--nested">
      {title && <legend>{title}</legend>}
      {description && <p className="bp6-text-muted">{description}</p>}
      {content}
    </fieldset>
  );
}
