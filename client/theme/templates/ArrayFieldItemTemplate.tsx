import { ButtonGroup } from '@blueprintjs/core';
import { type ArrayFieldItemTemplateProps, getTemplate, getUiOptions } from '@rjsf/utils';

/** One array item: its field, and beside it the move, copy and remove buttons. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, className, buttonsProps, displayLabel, hasToolbar, registry, uiSchema } = props;
  const ArrayFieldItemButtonsTemplate = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <div className={className}>
      <div className="rjsf-array-item__field">{children}</div>
      {hasToolbar && (
        <ButtonGroup className={`rjsf-array-item__toolbar${displayLabel ? ' rjsf-array-item__toolbar--labelled' : ''}`}>
          <ArrayFieldItemButtonsTemplate {...buttonsProps} />
        </ButtonGroup>
      )}
    </div>
  );
}
