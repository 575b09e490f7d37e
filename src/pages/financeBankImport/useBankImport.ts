// The bank VA file import's state and calls (/uploadva; issue 12 "Bank VA file import"): the
// bank layouts, the file read as base64, "Check" (staging: a dry run, nothing paid), and
// "Commit" (pays the staged upload's payable lines). The server finds lines it already paid,
// so committing the same file again creates no payment.

import { useEffect, useState } from 'react';
import { usePageCall } from '../../app/pageCalls';
import {
  FINANCE_PATHS,
  type BankCommitRequest,
  type BankImportAnswer,
  type BankImportRequest,
  type BankLayoutListAnswer,
  type BankLayoutRow,
  type BankLineStatus,
} from '../../shared/api/finance';
import { payErrorText, payFieldErrors } from '../../shared/finance/payFormat';

export type BankImportResult = BankImportAnswer['data'] & { message: string };

/** The lines a commit pays (issue 12: matched, partial, or more than owed, which goes to the deposit). */
export const PAYABLE: readonly BankLineStatus[] = ['matched', 'partial', 'mismatch'];


/** A file's bytes as base64 (FileReader: also where Blob.arrayBuffer is missing). */
export function fileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function useBankImport() {
  const call = usePageCall();
  const [layouts, setLayouts] = useState<BankLayoutRow[]>([]);
  const [layoutId, setLayoutId] = useState<number | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    call<BankLayoutListAnswer>(FINANCE_PATHS.bankLayouts).then(
      (answer) => setLayouts(answer.data),
      (error: unknown) => setFailure(payErrorText(error)),
    );
  }, [call]);

  const chooseLayout = (id: number | '') => {
    setLayoutId(id);
    setResult(null);
    setErrors((current) => ({ ...current, bank_layout_id: '' }));
  };
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setErrors((current) => ({ ...current, file: chosen && !/\.(csv|xlsx)$/i.test(chosen.name) ? 'finance.bankImport.wrong_kind' : '' }));
  };

  const check = async () => {
    const found: Record<string, string> = {};
    if (layoutId === '') found.bank_layout_id = 'finance.bankImport.required';
    if (!file) found.file = 'finance.bankImport.required';
    else if (!/\.(csv|xlsx)$/i.test(file.name)) found.file = 'finance.bankImport.wrong_kind';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !file || layoutId === '') return;
    setBusy(true);
    setResult(null);
    try {
      const body: BankImportRequest = { bank_layout_id: layoutId, file_name: file.name, file: await fileAsBase64(file) };
      const answer = await call<BankImportAnswer>(FINANCE_PATHS.bankImportStage, { method: 'POST', body });
      setResult({ ...answer.data, message: answer.message });
    } catch (error) {
      setErrors(payFieldErrors(error));
      setFailure(payErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!result) return;
    setFailure(null);
    try {
      const body: BankCommitRequest = { upload_id: result.upload_id };
      const answer = await call<BankImportAnswer>(FINANCE_PATHS.bankImportCommit, { method: 'POST', body });
      setResult({ ...answer.data, message: answer.message });
    } catch (error) {
      setFailure(payErrorText(error));
    } finally {
      setConfirming(false);
    }
  };

  const payable = result ? result.lines.filter((line) => PAYABLE.includes(line.status)).length : 0;

  return {
    layouts,
    layoutId,
    chooseLayout,
    file,
    chooseFile,
    errors,
    failure,
    busy,
    check,
    result,
    payable,
    confirming,
    askToCommit: () => setConfirming(true),
    cancelCommit: () => setConfirming(false),
    commit,
  };
}

export type BankImport = ReturnType<typeof useBankImport>;
