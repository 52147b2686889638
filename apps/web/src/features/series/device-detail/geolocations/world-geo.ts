import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth 1:50m country shapes, bundled: the map draws without internet access.
import countries from 'world-atlas/countries-50m.json';
import { unwrapDateLine } from './date-line';

const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;

/** The countries of the world as GeoJSON, loaded with the map only (about 750 kB). */
export const WORLD_GEO: FeatureCollection = unwrapDateLine(feature(topology, topology.objects.countries));
