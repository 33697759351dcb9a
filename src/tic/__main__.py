from tic.cli import main

main()
