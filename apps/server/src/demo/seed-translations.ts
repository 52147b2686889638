import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/**
 * Demo texts of translations management (docs/insights.md): Italian, added and partly translated (the
 * shell and the company menu), SKU names of the demo catalogue in French, German and Spanish, and one
 * text the tyre-pressure variant words its own way. Inserted once; later edits are the demo users'.
 */

const ITALIAN: Record<string, string> = {
  'app.top_bar.devices': 'Dispositivi',
  'app.top_bar.jobs': 'Lavori',
  'app.top_bar.company': 'Azienda',
  'app.top_bar.services': 'Servizi',
  'app.user_menu.profile': 'Profilo',
  'app.user_menu.configuration_settings': 'Impostazioni di configurazione',
  'app.footer.about': 'Informazioni',
  'app.footer.terms': 'Termini e condizioni',
  'company.page.title': 'Azienda',
  'company.tools.logs.title': 'Registri',
  'company.tools.stores.title': 'Negozi',
  'company.tools.rights.title': 'Gestione dei diritti',
  'company.tools.certificates.title': 'Certificati',
  'company.tools.version.title': 'Versioni',
  'company.tools.tasks.title': 'Attività',
  'company.tools.translations.title': 'Gestione delle traduzioni',
  'series.device_status.activated': 'Attivato',
  'series.device_status.deactivated': 'Disattivato',
  'series.device_status.blacklisted': 'In lista nera',
  'series.device_status.recycled': 'Riciclato',
  'series.device_status.discarded': 'Dismesso',
};

const SKU_NAMES: Record<string, Record<string, string>> = {
  fr: {
    'CAL-ANY': "Étalonnage d'un appareil de mesure",
    'SENSOR-KIT-01': 'Kit de remplacement de capteur',
    'BATTERY-01': 'Batterie 7,4 V',
    'CASE-01': 'Mallette de transport',
    'EXPRESS-01': 'Traitement express',
  },
  de: {
    'CAL-ANY': 'Kalibrierung eines Messgeräts',
    'SENSOR-KIT-01': 'Sensor-Austauschsatz',
    'BATTERY-01': 'Akku 7,4 V',
    'CASE-01': 'Transportkoffer',
    'EXPRESS-01': 'Expressbearbeitung',
  },
  es: {
    'CAL-ANY': 'Calibración de un equipo de medición',
    'BATTERY-01': 'Batería 7,4 V',
    'CASE-01': 'Maletín de transporte',
  },
};

function row(language: string, target: string, full: string, text: string) {
  const dot = full.indexOf('.');
  return { language, target, namespace: full.slice(0, dot), key: full.slice(dot + 1), text };
}

export async function seedTranslations(db: Db): Promise<void> {
  await db.insert(t.translationLanguages).values({ code: 'it', name: 'Italiano' }).onConflictDoNothing();
  const rows = [
    ...Object.entries(ITALIAN).map(([full, text]) => row('it', 'all', full, text)),
    ...Object.entries(SKU_NAMES).flatMap(([language, names]) =>
      Object.entries(names).map(([code, text]) => row(language, 'all', `objects.sku.${code}`, text)),
    ),
    row('fr', 'tyre-pressure', 'orders.status.in_service', 'En cours de contrôle'),
  ];
  await db.insert(t.translationOverrides).values(rows).onConflictDoNothing();
}
