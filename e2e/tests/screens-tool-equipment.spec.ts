import { BASE_URL } from '../playwright.config';
import { sweepScreens } from './screen-sweep';

// The tool-equipment variant at a desktop width.
sweepScreens('tool-equipment', BASE_URL, false);
