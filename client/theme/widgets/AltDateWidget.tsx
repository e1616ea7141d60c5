import { Button, ControlGroup, HTMLSelect, Text } from '@blueprintjs/core';
import {
  ariaDescribedByIds,
  type DateObject,
  dateRangeOptions,
  errorId,
  TranslatableString,
  type WidgetProps,
} from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useDateParts } from './useDateParts';

/**
 * A date (and with `time`, a time) picked from Blueprint selects for year, month, day…, each named
 * in the user's language, with "now" and "clear" buttons unless `hideNowButton`/`hideClearButton`.
 * A day the month does not have is kept as chosen and refused in words, never rolled over.
 */
export function AltDateWidget(props: WidgetProps) {
  const { id, htmlName, disabled = false, readonly = false, autofocus = false, options, registry, rawErrors } = props;
  const { t } = useTranslation();
  const { translateString } = registry;
  const { elements, impossible, choose, clear, setNow } = useDateParts(props);
  // once the form has judged the field, its own error (the same words) is shown under it instead
  const refusal = impossible && !rawErrors?.length;
  return (
    <>
      <ControlGroup className="rjsf-alt-date" id={id} role="group" aria-label={props.label}>
        {elements.map(({ type, range, value }, index) => (
          <HTMLSelect
            key={type}
            id={`${id}_${type}`}
            name={`${htmlName || id}_${type}`}
            aria-label={t(`theme.date.${type}`)}
            aria-describedby={ariaDescribedByIds(id)}
            aria-invalid={impossible || undefined}
            value={value === -1 || value === undefined ? '' : String(value)}
            disabled={disabled || readonly}
            autoFocus={autofocus && index === 0}
            onChange={(event) => choose(type as keyof DateObject, event.target.value || undefined)}
          >
            <option value="">{t(`theme.date.${type}`)}</option>
            {dateRangeOptions(range[0], range[1]).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </HTMLSelect>
        ))}
        {!options.hideNowButton && (
          <Button
            type="button"
            variant="outlined"
            text={translateString(TranslatableString.NowLabel)}
            onClick={setNow}
            disabled={disabled || readonly}
          />
        )}
        {!options.hideClearButton && (
          <Button
            type="button"
            variant="outlined"
            text={translateString(TranslatableString.ClearLabel)}
            onClick={clear}
            disabled={disabled || readonly}
          />
        )}
      </ControlGroup>
      {refusal && (
        <Text tagName="div" role="alert" className="rjsf-errors" id={errorId(id)}>
          {t('validation.date')}
        </Text>
      )}
    </>
  );
}
