#!/usr/bin/env node
import 'reflect-metadata';
import { runWidgetlibCli } from './widgetlib-cli.command.js';

process.exitCode = await runWidgetlibCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
});
