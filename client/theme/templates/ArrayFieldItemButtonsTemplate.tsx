import { type ArrayFieldItemButtonsTemplateProps, buttonId } from '@rjsf/utils';

/** An array item's toolbar: move up and down (both shown when either applies), copy, remove. */
export function ArrayFieldItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps) {
  const { disabled, readonly, hasCopy, hasMoveDown, hasMoveUp, hasRemove, fieldPathId, registry, uiSchema } = props;
  const { onCopyItem, onRemoveItem, onMoveDownItem, onMoveUpItem } = props;
  const { CopyButton, MoveDownButton, MoveUpButton, RemoveButton } = registry.templates.ButtonTemplates;
  const locked = disabled || readonly;
  const common = { uiSchema, registry };
  return (
    <>
      {(hasMoveUp || hasMoveDown) && (
        <MoveUpButton
          {...common}
          id={buttonId(fieldPathId, 'moveUp')}
          className="rjsf-array-item-move-up"
          disabled={locked || !hasMoveUp}
          onClick={onMoveUpItem}
        />
      )}
      {(hasMoveUp || hasMoveDown) && (
        <MoveDownButton
          {...common}
          id={buttonId(fieldPathId, 'moveDown')}
          className="rjsf-array-item-move-down"
          disabled={locked || !hasMoveDown}
          onClick={onMoveDownItem}
        />
      )}
      {hasCopy && (
        <CopyButton
          {...common}
          id={buttonId(fieldPathId, 'copy')}
          className="rjsf-array-item-copy"
          disabled={locked}
          onClick={onCopyItem}
        />
      )}
      {hasRemove && (
        <RemoveButton
          {...common}
          id={buttonId(fieldPathId, 'remove')}
          className="rjsf-array-item-remove"
          disabled={locked}
          onClick={onRemoveItem}
        />
      )}
    </>
  );
}
