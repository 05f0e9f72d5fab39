/** Typed keys: `t('devices:…')` fails the type check when the English catalogue lacks the key. */
import type { DomainCatalogue } from '@asbuilt/domain';
import type components from '../components/locales/en.json';
import type access from '../features/access/locales/en.json';
import type admin from '../features/admin/locales/en.json';
import type attachments from '../features/attachments/locales/en.json';
import type auth from '../features/auth/locales/en.json';
import type companies from '../features/companies/locales/en.json';
import type config from '../features/config/locales/en.json';
import type connections from '../features/connections/locales/en.json';
import type contacts from '../features/contacts/locales/en.json';
import type devices from '../features/devices/locales/en.json';
import type handover from '../features/handover/locales/en.json';
import type home from '../features/home/locales/en.json';
import type imports from '../features/imports/locales/en.json';
import type labels from '../features/labels/locales/en.json';
import type links from '../features/links/locales/en.json';
import type locations from '../features/locations/locales/en.json';
import type logs from '../features/logs/locales/en.json';
import type people from '../features/people/locales/en.json';
import type plans from '../features/plans/locales/en.json';
import type ports from '../features/ports/locales/en.json';
import type procats from '../features/procats/locales/en.json';
import type products from '../features/products/locales/en.json';
import type profile from '../features/profile/locales/en.json';
import type publicPage from '../features/public/locales/en.json';
import type racks from '../features/racks/locales/en.json';
import type scan from '../features/scan/locales/en.json';
import type schematics from '../features/schematics/locales/en.json';
import type search from '../features/search/locales/en.json';
import type sites from '../features/sites/locales/en.json';
import type support from '../features/support/locales/en.json';
import type tenant from '../features/tenant/locales/en.json';
import type vault from '../features/vault/locales/en.json';
import type layout from '../layout/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'components';
    returnNull: false;
    resources: {
      domain: DomainCatalogue;
      layout: typeof layout;
      components: typeof components;
      access: typeof access;
      admin: typeof admin;
      attachments: typeof attachments;
      auth: typeof auth;
      companies: typeof companies;
      config: typeof config;
      connections: typeof connections;
      contacts: typeof contacts;
      devices: typeof devices;
      handover: typeof handover;
      home: typeof home;
      imports: typeof imports;
      labels: typeof labels;
      links: typeof links;
      locations: typeof locations;
      logs: typeof logs;
      people: typeof people;
      plans: typeof plans;
      ports: typeof ports;
      procats: typeof procats;
      products: typeof products;
      profile: typeof profile;
      public: typeof publicPage;
      racks: typeof racks;
      scan: typeof scan;
      schematics: typeof schematics;
      search: typeof search;
      sites: typeof sites;
      support: typeof support;
      tenant: typeof tenant;
      vault: typeof vault;
    };
  }
}
