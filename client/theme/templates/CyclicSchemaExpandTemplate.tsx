import { Button, Callout } from '@blueprintjs/core';
import { type CyclicSchemaExpandProps, ID_KEY, TranslatableString } from '@rjsf/utils';

/** A `$ref` cycle: says so and offers to expand one more level. */
export function CyclicSchemaExpandTemplate({ name, fieldPathId, registry, onExpand }: CyclicSchemaExpandProps) {
  const { translateString } = registry;
  return (
    <Callout intent="warning" className="rjsf-cycle" compact>
      <p>{translateString(TranslatableString.CycleDetected, [name])}</p>
      <Button
        id={`${fieldPathId[ID_KEY]}-button`}
        type="button"
        size="small"
        intent="warning"
        text={translateString(TranslatableString.ExpandButton)}
        onClick={() => onExpand(fieldPathId[ID_KEY])}
      />
    </Callout>
  );
}
