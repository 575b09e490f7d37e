// The workflow's refusals in both languages (spec 3 §4 states, §8 "Leave approval: success
// false gives an error toast with the translated server message"; Indonesian per GLOSSARY.md).
// `{name}` in a text is replaced by the parameter of that name.

import type { Locale } from '../../src/shared/entityModel';
import { fillText } from '../../src/shared/messages';

const TEXTS = {
  notFound: { en: 'Data Not Found', id: 'Data tidak ditemukan' },
  notOwner: { en: 'Only the requester may send this request', id: 'Hanya pengaju yang dapat mengirim pengajuan ini' },
  ownRequest: { en: 'You cannot approve or reject your own request', id: 'Anda tidak dapat menyetujui atau menolak pengajuan Anda sendiri' },
  notYourRow: { en: 'This approval belongs to another approver', id: 'Persetujuan ini milik pemberi persetujuan lain' },
  wrongState: {
    en: 'The request is {state}: it cannot be {action} now',
    id: 'Pengajuan berstatus {state}: tidak dapat {action} sekarang',
  },
  rowDecided: { en: 'This approval was already given: {state}', id: 'Persetujuan ini sudah diberikan: {state}' },
  earlierWaiting: {
    en: 'The approvers act in order: {approver} has not approved yet',
    id: 'Pemberi persetujuan bertindak berurutan: {approver} belum menyetujui',
  },
  reasonRequired: { en: 'Write the reason for the rejection', id: 'Tuliskan alasan penolakan' },
  noApprover: {
    en: 'No approver was found for this request: ask HR to set up the structural positions and approver roles',
    id: 'Tidak ada pemberi persetujuan untuk pengajuan ini: minta bagian SDM mengatur jabatan struktural dan peran pemberi persetujuan',
  },
  sent: { en: 'Sent to the approver', id: 'Dikirim ke pemberi persetujuan' },
  approvedAtOnce: { en: 'Approved: this type needs no approval', id: 'Disetujui: jenis ini tidak memerlukan persetujuan' },
  approved: { en: 'Approved', id: 'Disetujui' },
  rejected: { en: 'Rejected', id: 'Ditolak' },
  // the actions and states as the messages name them
  send: { en: 'sent', id: 'dikirim' },
  approve: { en: 'approved', id: 'disetujui' },
  reject: { en: 'rejected', id: 'ditolak' },
  draft: { en: 'Draft', id: 'Draf' },
  waiting: { en: 'Waiting for Approval', id: 'Menunggu persetujuan' },
  stateApproved: { en: 'Approved', id: 'Disetujui' },
  stateRejected: { en: 'Rejected', id: 'Ditolak' },
} as const satisfies Record<string, Record<Locale, string>>;

export type WorkflowTextKey = keyof typeof TEXTS;

export function workflowText(locale: Locale, key: WorkflowTextKey, params: Record<string, string | number> = {}): string {
  return fillText(TEXTS[key][locale], params);
}

/** A document or row state as the messages name it. */
export function stateText(locale: Locale, state: string): string {
  const key = ({ draft: 'draft', waiting: 'waiting', approved: 'stateApproved', rejected: 'stateRejected' } as const)[state as 'draft'];
  return key ? workflowText(locale, key) : state;
}
