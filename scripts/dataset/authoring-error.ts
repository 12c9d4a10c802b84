/** A problem in an authoring file, reported with the file it is in. */
export class AuthoringError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'AuthoringError';
  }
}
