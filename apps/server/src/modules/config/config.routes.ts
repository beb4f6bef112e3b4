import { AppConfig } from '@srs/shared/users';
import type { Env } from '../../env.ts';
import type { App } from '../../types.ts';

type Options = { env: Env; demo: { accounts: readonly string[]; password: string | null } };

export async function configRoutes(app: App, { env, demo }: Options) {
  app.get(
    '/api/config',
    {
      config: { public: true },
      schema: { tags: ['config'], summary: 'What the web app needs before sign-in', response: { 200: AppConfig } },
    },
    async () => ({
      support_email: env.SUPPORT_EMAIL,
      training_url: env.TRAINING_URL,
      help_guide_url: env.HELP_GUIDE_URL,
      demo_accounts: [...demo.accounts],
      demo_password: demo.password,
      features: { interest_tracking: env.FEATURE_INTEREST_TRACKING },
      default_background_image_url: '/backgrounds/default.svg',
      min_search_length: env.MIN_SEARCH_LENGTH,
    }),
  );
}
