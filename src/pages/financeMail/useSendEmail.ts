// /sendemail's state and calls (issue 13 "E-mail"; spec 3 §5): students or candidates, narrowed
// by class or registration batch and a search, a date and the kind of email; "Show recipients"
// asks who would get what (nothing is sent), everyone who can be sent to starts selected, and
// "Send email" (after a confirmation) puts the messages in the outbox.

import { useEffect, useMemo, useState } from 'react';
import { fieldErrorsOf, messageOf, usePageCalls } from '../../app/pageCalls';
import type { PartyKind } from '../../shared/api/finance';
import { MAIL_PATHS, type EmailType, type Recipient, type RecipientsAnswer, type SendAnswer } from '../../shared/api/mail';
import { payToday } from '../../shared/finance/payFormat';

export interface Choice {
  id: number;
  label: string;
}

type Rows = { success: true; data: Array<Record<string, unknown>> };

/** A lookup's (or a short list's) rows as choices, loaded when `enabled`; a failed load leaves none (spec 1 §8). */
function useChoices(name: string, labelField: string, enabled: boolean, perPage?: number): Choice[] {
  const calls = usePageCalls();
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    calls.get<Rows>(name, perPage ? { per_page: perPage } : {}).then(
      (answer) => live && setChoices((answer.data ?? []).map((row) => ({ id: Number(row.id), label: String(row[labelField] ?? row.name ?? row.label ?? row.id) }))),
      (error: unknown) => console.warn(`lookup ${name} failed`, error),
    );
    return () => {
      live = false;
    };
  }, [calls, name, labelField, enabled, perPage]);
  return choices;
}

export function useSendEmail() {
  const calls = usePageCalls();
  const [kind, setKindState] = useState<PartyKind>('student');
  const [groupId, setGroupId] = useState<number | ''>('');
  const [date, setDate] = useState(payToday());
  const [emailType, setEmailType] = useState<EmailType>('reminder');
  const [q, setQ] = useState('');
  const [recipients, setRecipients] = useState<Recipient[] | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SendAnswer | null>(null);
  const classes = useChoices('class', 'name', kind === 'student');
  const batches = useChoices('registration-batch', 'name', kind === 'candidate', 100);

  const changed = () => {
    setRecipients(null);
    setSelected(new Set());
    setResult(null);
    setFailure(null);
  };
  const set =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      changed();
    };

  /** Who would get what; everyone who can be sent to starts selected. */
  const load = async () => {
    const answer = await calls.get<RecipientsAnswer>(MAIL_PATHS.recipients, {
      kind,
      date,
      email_type: emailType,
      q: q.trim() || undefined,
      ...(kind === 'student' ? { class_id: groupId || undefined } : { registration_batch_id: groupId || undefined }),
    });
    setRecipients(answer.data);
    setSelected(new Set(answer.data.filter((r) => r.skip === null).map((r) => r.id)));
  };

  const show = async () => {
    if (!date) {
      setErrors({ date: 'finance.mail.send.required' });
      return;
    }
    setErrors({});
    setFailure(null);
    setResult(null);
    setBusy(true);
    try {
      await load();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setBusy(true);
    setFailure(null);
    setErrors({});
    try {
      setResult(await calls.post<SendAnswer>(MAIL_PATHS.send, { kind, ids: [...selected], date, email_type: emailType }));
      // The list again: who was just sent to now says so.
      await load();
      setSelected(new Set());
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const sendable = useMemo(() => (recipients ?? []).filter((r) => r.skip === null), [recipients]);

  return {
    kind,
    setKind: set((value: PartyKind) => {
      setKindState(value);
      setGroupId('');
    }),
    groupId,
    setGroupId: set(setGroupId),
    groups: kind === 'student' ? classes : batches,
    date,
    setDate: set(setDate),
    emailType,
    setEmailType: set(setEmailType),
    q,
    setQ: set(setQ),
    recipients,
    sendable,
    selected,
    toggle: (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => setSelected((current) => (current.size === sendable.length ? new Set() : new Set(sendable.map((r) => r.id)))),
    errors,
    failure,
    busy,
    show,
    confirming,
    askToSend: () => {
      if (selected.size === 0) setErrors({ ids: 'finance.mail.send.required' });
      else setConfirming(true);
    },
    cancelSend: () => setConfirming(false),
    send,
    result,
  };
}

export type SendEmail = ReturnType<typeof useSendEmail>;
