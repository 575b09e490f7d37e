// The state of a feed of announcement cards (spec 2 §4 "Paging"): the first page on open and
// whenever the filter changes, then "Show more" asks skip = 5 × page and merges the answer by
// id; when the server says nothing comes after (checkisi < 1) the feed says all is shown.
// The search is also applied to the loaded cards at once (§5: trimmed, case-insensitive, in
// the title or the text), while the server is asked with it too.

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  COMBOARD_PAGE_SIZE,
  type ComboardCard,
  type ComboardComment,
  type ComboardFilter,
  type ComboardPageAnswer,
} from '../../shared/api/comboard';
import { useComboardCalls } from './comboardCalls';

export type FeedPath = 'comboard-admin' | 'comboard-parent';

export interface FeedState {
  cards: ComboardCard[];
  /** The comments the page answers carried, by announcement. */
  comments: Record<number, ComboardComment[]>;
  status: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  /** The server said nothing comes after the loaded cards. */
  ended: boolean;
  error: unknown;
}

function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');
}

/** §5: the loaded cards whose title or text holds the search, trimmed and case-insensitive. */
export function matchesSearch(card: ComboardCard, search: string): boolean {
  const words = search.trim().toLowerCase();
  if (!words) return true;
  return card.title.toLowerCase().includes(words) || textOf(card.info ?? '').toLowerCase().includes(words);
}

function merge(cards: ComboardCard[], more: ComboardCard[]): ComboardCard[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  for (const card of more) byId.set(card.id, card);
  const order = [...cards.map((c) => c.id), ...more.map((c) => c.id).filter((id) => !cards.some((c) => c.id === id))];
  return order.map((id) => byId.get(id)!);
}

function groupComments(list: readonly ComboardComment[] | undefined): Record<number, ComboardComment[]> {
  const grouped: Record<number, ComboardComment[]> = {};
  for (const comment of list ?? []) (grouped[comment.comboard_id] ??= []).push(comment);
  return grouped;
}

const SEARCH_DELAY_MS = 350;

export function useComboardFeed(path: FeedPath, filter: ComboardFilter) {
  const calls = useComboardCalls();
  const [state, setState] = useState<FeedState>({ cards: [], comments: {}, status: 'loading', loadingMore: false, ended: false, error: null });
  const page = useRef(0);
  const asked = useRef(0);
  // The server is asked with the search once typing pauses; the loaded cards narrow at once.
  const [serverSearch, setServerSearch] = useState(filter.search?.trim() ?? '');
  useEffect(() => {
    const next = filter.search?.trim() ?? '';
    const timer = setTimeout(() => setServerSearch(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filter.search]);
  const { month, year, date } = filter;
  const query = useMemo(() => ({ search: serverSearch, month, year, date }), [serverSearch, month, year, date]);

  const load = useCallback(
    async (more: boolean) => {
      const ticket = ++asked.current;
      const skip = more ? COMBOARD_PAGE_SIZE * page.current : 0;
      setState((s) => (more ? { ...s, loadingMore: true } : { ...s, status: 'loading', error: null }));
      try {
        const answer = await calls.get<ComboardPageAnswer>(path, { ...query, skip });
        if (ticket !== asked.current) return;
        page.current = more ? page.current + 1 : 1;
        setState((s) => {
          const comments = more ? { ...s.comments, ...groupComments(answer.dataDetail) } : groupComments(answer.dataDetail);
          return {
            cards: more ? merge(s.cards, answer.data ?? []) : (answer.data ?? []),
            comments,
            status: 'ready',
            loadingMore: false,
            ended: (answer.checkisi ?? 0) < 1,
            error: null,
          };
        });
      } catch (error) {
        if (ticket !== asked.current) return;
        setState((s) => (more ? { ...s, loadingMore: false, error } : { ...s, status: 'error', loadingMore: false, error }));
      }
    },
    [calls, path, query],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  const search = filter.search ?? '';
  const shown = useMemo(() => state.cards.filter((card) => matchesSearch(card, search)), [state.cards, search]);

  return {
    ...state,
    shown,
    /** The next 5 (skip = 5 × page), merged by id. */
    loadMore: useCallback(() => load(true), [load]),
    /** From the first page again (after a save or a delete: paging resets). */
    reload: useCallback(() => load(false), [load]),
  };
}
