// The server's layers, lowest first: a folder imports only folders of lower layers (and itself); folders that
// share a layer stay out of each other. Read by .dependency-cruiser.cjs (the rule) and by
// server/test/architecture.test.ts (which checks the rule and the README's picture against this list).
module.exports = {
  serverLayers: [
    { folders: ['lib'], role: 'clock, logger, html, locks: no framework, no domain' },
    { folders: ['http', 'mail'], role: 'Koa glue and the mailer port, no domain' },
    { folders: ['db'], role: 'ORM factory, migrations, leases' },
    { folders: ['engine'], role: 'the digest engine: sources to editions, no users' },
    { folders: ['modules'], role: 'accounts, billing, waitlist, digests, feedback' },
    { folders: ['delivery', 'audio'], role: 'read the engine through a port' },
    { folders: ['jobs'], role: 'schedules' },
  ],
  /** Above every layer: the files that compose the app (config, entities, app, main) and the CLIs. */
  composition: 'cli/ · app.ts · main.ts · config.ts · database.ts',
};
