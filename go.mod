module github.com/mlc-go/mlc

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/sergi/go-diff v1.4.5 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
