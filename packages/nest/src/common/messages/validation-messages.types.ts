/**
 * class-validator's messages by constraint (`validation.<constraint name>`, and `-<variant>` for a
 * message of the library's own DTOs): class-validator's default English, whose `$property` and
 * `$constraint<n>` are `{property}` and `{constraint<n>}` here.
 */
export interface ValidationMessages {
  'validation.each': string;
  'validation.isDefined': string;
  'validation.isString': string;
  'validation.isInt': string;
  'validation.isNumber': string;
  'validation.isNumberString': string;
  'validation.isBoolean': string;
  'validation.isNotEmpty': string;
  'validation.isObject': string;
  'validation.isArray': string;
  'validation.isIn': string;
  'validation.isNotIn': string;
  'validation.isEnum': string;
  'validation.equals': string;
  'validation.min': string;
  'validation.max': string;
  'validation.isPositive': string;
  'validation.isNegative': string;
  'validation.minLength': string;
  'validation.maxLength': string;
  'validation.maxLength-json': string;
  'validation.arrayMinSize': string;
  'validation.arrayMaxSize': string;
  'validation.arrayNotEmpty': string;
  'validation.isUrl': string;
  'validation.isEmail': string;
  'validation.isUUID': string;
  'validation.isDate': string;
  'validation.isDateString': string;
  'validation.isISO8601': string;
  'validation.matches': string;
  'validation.matches-control-characters': string;
  'validation.isLanguageTag': string;
  'validation.isLanguageTag-any': string;
  'validation.whitelistValidation': string;
  'validation.nestedValidation': string;
}
