// `pnpm bench`: every figure with its target, measured in one run.
import { benchHttp } from './http';
import { benchPersistence } from './persistence';
import { printFigures } from './report';
import { benchScale } from './scale';
import { benchSeed } from './seed';

const seed = printFigures('Seed (createReferenceServer)', await benchSeed());
const scale = printFigures('Scale (GET /v1/invoices?limit=50 p50 latency)', await benchScale());
const http = printFigures('HTTP (autocannon, 10 connections)', await benchHttp());
const state = printFigures('State file (--state-file)', await benchPersistence());
console.log(seed && scale && http && state ? '\nall targets met' : '\nsome targets missed');
