/**
 * A backup that will not be restored, or a target that will not receive one: the message is one
 * line for the person at the terminal, and nothing was changed.
 */
export class BackupRefusal extends Error {
  override name = "BackupRefusal";
}
