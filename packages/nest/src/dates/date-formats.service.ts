import { Injectable } from '@nestjs/common';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import type { GTDateFieldOptions } from './date-field-base.format.js';
import { renderDateFormatsScript, type DateFormatsScriptOptions } from './date-formats-script.writer.js';
import { GTDateTimeField, type GTDateTimeFieldOptions } from './gt-date-time-field.format.js';
import { GTDateField } from './gt-date-field.format.js';

/**
 * The module's date settings (`dateFormat`, `datetimeFormat`, `timezone`): the spec's timejs tags
 * `getDateFormat()` / `getDatetimeFormat()`, the page snippet, and fields that use them.
 */
@Injectable()
export class DateFormatsService {
  constructor(@InjectWidgetLibConfig() private readonly config: WidgetLibConfig) {}

  getDateFormat(): string {
    return this.config.dateFormat;
  }

  getDatetimeFormat(): string {
    return this.config.datetimeFormat;
  }

  getTimezone(): string {
    return this.config.timezone;
  }

  /** The `<script>` element that sets `document.date_format` and `document.datetime_format`. */
  dateFormatsScript(options: DateFormatsScriptOptions = {}): string {
    return renderDateFormatsScript(
      { dateFormat: this.config.dateFormat, datetimeFormat: this.config.datetimeFormat },
      options,
    );
  }

  /** A `GTDateField` with the configured `dateFormat` unless `options` give another. */
  dateField(options: GTDateFieldOptions = {}): GTDateField {
    return new GTDateField({ ...options, format: options.format ?? this.config.dateFormat });
  }

  /** A `GTDateTimeField` with the configured `datetimeFormat` and `timezone` unless `options` give others. */
  dateTimeField(options: GTDateTimeFieldOptions = {}): GTDateTimeField {
    return new GTDateTimeField({
      ...options,
      format: options.format ?? this.config.datetimeFormat,
      timezone: options.timezone ?? this.config.timezone,
    });
  }
}
