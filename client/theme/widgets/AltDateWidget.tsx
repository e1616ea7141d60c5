import { Button, ControlGroup, HTMLSelect } from '@blueprintjs/core';
import {
  ariaDescribedByIds,
  type DateObject,
  dateRangeOptions,
  TranslatableString,
  useAltDateWidgetProps,
  type WidgetProps,
} from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/**
 * A date (and with `time`, a time) picked from Blueprint selects for year, month, day…, each named
 * in the user's language, with "now" and "clear" buttons unless `hideNowButton`/`hideClearButton`.
 */
export function AltDateWidget(props: WidgetProps) {
  const { id, htmlName, disabled = false, readonly = false, autofocus = false, options, registry } = props;
  const { t } = useTranslation();
  const { translateString } = registry;
  const { elements, handleChange, handleClear, handleSetNow } = useAltDateWidgetProps(props);
  return (
    <ControlGroup className="rjsf-alt-date" id={id} role="group" aria-label={props.label}>
      {elements.map(({ type, range, value }, index) => (
        <HTMLSelect
          key={type}
          id={`${id}_${type}`}
          name={`${htmlName || id}_${type}`}
          aria-label={t(`theme.date.${type}`)}
          aria-describedby={ariaDescribedByIds(id)}
          value={value === -1 || value === undefined ? '' : String(value)}
          disabled={disabled || readonly}
          autoFocus={autofocus && index === 0}
          onChange={(event) => handleChange(type as keyof DateObject, event.target.value || undefined)}
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
          onClick={handleSetNow}
          disabled={disabled || readonly}
        />
      )}
      {!options.hideClearButton && (
        <Button
          type="button"
          variant="outlined"
          text={translateString(TranslatableString.ClearLabel)}
          onClick={handleClear}
          disabled={disabled || readonly}
        />
      )}
    </ControlGroup>
  );
}
