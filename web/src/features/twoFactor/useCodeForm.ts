/**
 * A form that sends one code (the first code of an enrolment, the code for new recovery codes) and
 * is answered with recovery codes: the code's state, the problem to show under it, and the submit.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../lib/errors.ts';

interface CodeMutation {
  mutate: (
    code: string,
    handlers: {
      onSuccess: (answer: { recovery_codes: string[] }) => void;
      onError: (error: unknown) => void;
    },
  ) => void;
}

export function useCodeForm(mutation: CodeMutation, onCodes: (codes: string[]) => void) {
  const { t } = useTranslation('twoFactor');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      setProblem(t('field.code_missing'));
      return;
    }
    mutation.mutate(code, {
      onSuccess: (answer) => onCodes(answer.recovery_codes),
      onError: (error) => setProblem(errorMessages(error).join(' ')),
    });
  };
  const reset = () => {
    setCode('');
    setProblem(undefined);
  };
  return { code, setCode, problem, submit, reset };
}
