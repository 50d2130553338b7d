process.stdout.write('skillmd\n');
