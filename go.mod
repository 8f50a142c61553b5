module github.com/mlc-go/mlc

go 1.26.0

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/sergi/go-diff v1.4.5
	github.com/spf13/cobra v1.10.2
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.5
	golang.org/x/sys v0.50.0
	google.golang.org/protobuf v1.36.12
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
)
