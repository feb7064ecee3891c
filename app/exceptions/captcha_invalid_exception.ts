import ApiException from '#exceptions/api_exception'

/**
 * The subscribe form's proof of work is missing, not ours, expired or
 * already used (contract, "The public subscribe form under attack"): one
 * answer for all, on the body's `altcha` member.
 */
export default class CaptchaInvalidException extends ApiException {
  static status = 403
  static code = 'input.captcha.invalid'
  static messageKey = 'errors.newsletter.captcha_invalid'
  field = 'altcha'
}
