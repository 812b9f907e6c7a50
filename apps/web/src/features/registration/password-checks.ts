import { PASSWORD_MESSAGES, PASSWORD_RULE, type PasswordOwner, passwordProblem } from '@guildhall/contract';

/** One line of the password rule, as the form shows it while typing. */
export interface PasswordCheck {
  id: 'length' | 'common' | 'identity';
  label: string;
  /** 'pending' until the check can be judged (nothing typed, or too short to tell). */
  state: 'met' | 'unmet' | 'pending';
}

/**
 * The contract's password rule split into the lines the form shows live: length, not a common password,
 * not the username or e-mail. The rule itself is `passwordProblem`; these only read its answer.
 */
export function passwordChecks(password: string, owner: PasswordOwner = {}): PasswordCheck[] {
  const isLengthOk = password.length >= PASSWORD_RULE.minLength && password.length <= PASSWORD_RULE.maxLength;
  const problem = passwordProblem(password, owner);
  const judged = (isBroken: boolean): PasswordCheck['state'] => {
    if (!isLengthOk) return 'pending';
    return isBroken ? 'unmet' : 'met';
  };
  return [
    {
      id: 'length',
      label: `${PASSWORD_RULE.minLength} to ${PASSWORD_RULE.maxLength} characters`,
      state: password.length === 0 ? 'pending' : isLengthOk ? 'met' : 'unmet',
    },
    { id: 'common', label: 'Not a commonly used password', state: judged(problem === PASSWORD_MESSAGES.tooCommon) },
    {
      id: 'identity',
      label: 'Not your username or email',
      state: judged(problem === PASSWORD_MESSAGES.sameAsIdentity),
    },
  ];
}
