import { messages } from '../../i18n/messages.ts';
import en from '../../locales/products.en.json';

/** The words of the enrollment screens: products (docs/decisions/027). */
export const productsText = messages('products', en);

/** What `productsText.useT()` gives, for helpers that build words in a component's render. */
export type ProductsT = ReturnType<typeof productsText.useT>;
