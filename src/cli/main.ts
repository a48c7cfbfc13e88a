// Placeholder: the terminal game is wired here.
process.stdout.write('slidebox\n');
