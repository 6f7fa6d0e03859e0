import { TranslatePage } from '../../features/translate/translate-page';

export function TranslateRoute() {
  return <TranslatePage />;
}
