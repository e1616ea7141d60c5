/**
 * The tooltips document (kind 'tooltips', id 'app'): data_id -> text in both languages, with
 * limited formatting (b, i, em, strong, a href http/https/mailto, ul, ol, li, p, br, code) that
 * the server sanitises when a draft is saved and the browser again when it shows a tip. A form field (`<form id>#<JSON pointer>` or its ui:options.tooltip),
 * a list column or a page panel (their `tooltip` member) shows the tip whose id matches.
 */
export interface TooltipsBody {
  tips: Record<string, TipText>;
}

export interface TipText {
  en: string;
  tr: string;
}

/** One item of GET /tooltip/list (shell §7 'Tooltip': data_id, data). */
export interface TooltipItem {
  data_id: string;
  data: TipText;
}
