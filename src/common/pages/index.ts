export { escapeHtml } from './escape-html';
export {
  BASE_STYLE,
  pageDocument,
  pageStyle,
  type PageSpec,
  sendPrivatePage,
} from './page-document';
export {
  codeElement,
  dayElement,
  DEFAULT_PAGE_LOCALE,
  fillHtml,
  formatDay,
  formatLocale,
  formatMoney,
  formatSignedPercent,
  instantElement,
} from './page-format';
