// The VA number generation's state and calls (/generateva; issue 12 "virtual accounts"): the
// VA code and the optional unit and class, Preview (a dry run: the numbers that would be
// given and who cannot get one), and Generate after a confirmation.

import { useEffect, useState } from 'react';
import { usePageCall } from '../../app/pageCalls';
import type { Envelope } from '../../shared/api/envelope';
import { FINANCE_PATHS, type GenerateVaAnswer, type GenerateVaRequest } from '../../shared/api/finance';
import { payErrorText, payFieldErrors, payQuery } from '../../shared/finance/payFormat';

export interface LookupOption {
  id: number;
  label: string;
}

export type GenerateVaResult = GenerateVaAnswer['data'] & { message: string; dry_run: boolean };


function useLookup(call: ReturnType<typeof usePageCall>, path: string): LookupOption[] {
  const [options, setOptions] = useState<LookupOption[]>([]);
  useEffect(() => {
    let current = true;
    call<Envelope<Array<{ id: number; label?: string; name?: string }>>>(path).then(
      (answer) => current && setOptions((answer.data ?? []).map((row) => ({ id: row.id, label: row.label ?? row.name ?? String(row.id) }))),
      () => current && setOptions([]),
    );
    return () => {
      current = false;
    };
  }, [call, path]);
  return options;
}

export function useGenerateVa() {
  const call = usePageCall();
  const [vaCodeId, setVaCodeId] = useState<number | ''>('');
  const [departmentId, setDepartmentId] = useState<number | ''>('');
  const [classId, setClassId] = useState<number | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<GenerateVaResult | null>(null);
  const [confirming, setConfirming] = useState(false);

  const vaCodes = useLookup(call, 'vacodelist');
  const units = useLookup(call, 'departmentall');
  const classes = useLookup(call, departmentId === '' ? 'class' : payQuery('class', { department_id: departmentId }));

  const changed = () => {
    setResult(null);
    setFailure(null);
  };

  const run = async (dryRun: boolean) => {
    if (vaCodeId === '') {
      setErrors({ va_code_id: 'finance.va.required' });
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const body: GenerateVaRequest = { va_code_id: vaCodeId, department_id: departmentId === '' ? null : departmentId, class_id: classId === '' ? null : classId, dry_run: dryRun };
      const answer = await call<GenerateVaAnswer>(FINANCE_PATHS.generateVa, { method: 'POST', body });
      setResult({ ...answer.data, message: answer.message, dry_run: dryRun });
    } catch (error) {
      setErrors(payFieldErrors(error));
      setFailure(payErrorText(error));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return {
    vaCodes,
    units,
    classes,
    vaCodeId,
    setVaCodeId: (id: number | '') => {
      setVaCodeId(id);
      setErrors({});
      changed();
    },
    departmentId,
    setDepartmentId: (id: number | '') => {
      setDepartmentId(id);
      setClassId('');
      changed();
    },
    classId,
    setClassId: (id: number | '') => {
      setClassId(id);
      changed();
    },
    errors,
    failure,
    busy,
    result,
    preview: () => run(true),
    confirming,
    askToGenerate: () => {
      if (vaCodeId === '') setErrors({ va_code_id: 'finance.va.required' });
      else setConfirming(true);
    },
    cancelGenerate: () => setConfirming(false),
    generate: () => run(false),
  };
}

export type GenerateVa = ReturnType<typeof useGenerateVa>;
