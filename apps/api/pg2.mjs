import { PGlite } from '@electric-sql/pglite';

let t = Date.now();
const a = new PGlite();
await a.query('select 1');
console.log('first', Date.now() - t);
t = Date.now();
const b = new PGlite();
await b.query('select 1');
console.log('second', Date.now() - t);
await a.exec('create table x(i int)');
t = Date.now();
const c = await a.clone();
await c.query('select * from x');
console.log('clone', Date.now() - t);
