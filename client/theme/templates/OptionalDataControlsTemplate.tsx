import { Button, Classes } from '@blueprintjs/core';
import { AddIcon, TrashIcon } from '@blueprintjs/icons';
import type { OptionalDataControlsTemplateProps } from '@rjsf/utils';

/** Adds or removes the data of an optional object/array, or says there is none (`label` names it). */
export function OptionalDataControlsTemplate({
  id,
  label,
  onAddClick,
  onRemoveClick,
}: OptionalDataControlsTemplateProps) {
  const onClick = onAddClick ?? onRemoveClick;
  if (!onClick) {
    return (
      <em id={id} className={Classes.TEXT_MUTED}>
        {label}
      </em>
    );
  }
  return (
    <Button
      id={id}
      className={onAddClick ? 'rjsf-add-optional-data' : 'rjsf-remove-optional-data'}
      type="button"
      variant="minimal"
      size="small"
      intent={onAddClick ? 'primary' : 'danger'}
      icon={onAddClick ? <AddIcon /> : <TrashIcon />}
      aria-label={label}
      title={label}
      onClick={onClick}
    />
  );
}
