import { messages } from './messages.ts';
import en from '../locales/common.en.json';

/**
 * Words many screens share (issue 29): the buttons Save, Cancel, Delete, Edit, Close, Back, Next…,
 * Loading..., Search. `const c = commonText.useT(); c('save')` in a component; `commonText.t('save')`
 * elsewhere, when it runs.
 */
export const commonText = messages('common', en);
