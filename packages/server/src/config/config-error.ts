/**
 * Raised for any invalid setting, before anything is opened, so the server never half-starts.
 * `field` names what to fix: an environment variable (`LOGIN_MAX`) or a YAML path (`endpoints.custom[1].name`).
 */
export class ConfigError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}
