const TermsPage = () => <h1>TermsPage (being built)</h1>

export default TermsPage
