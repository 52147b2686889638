import { DARK_BASE_URL } from '../playwright.config';
import { sweepScreens } from './screen-sweep';

// The tyre-pressure variant, in its dark colours, at the phone width.
sweepScreens('tyre-pressure', DARK_BASE_URL, true);
